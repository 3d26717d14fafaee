"""What the serve tests share: an app under a fixed key, the paths of a game's routes, games set up by the CLI.

Starlette is imported by the fixtures only, so a test module that needs no server (test_serve_cli's missing-extra
test) runs without the extra; the others skip with a reason when it is not installed."""
import pytest

from tests.serve.served import KEY


@pytest.fixture
def app():
    from companion.serve.app import make_app

    return make_app(KEY)


@pytest.fixture
def client(app):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette asks for httpx2 one day; httpx is what is installed
        from starlette.testclient import TestClient

        yield TestClient(app)


@pytest.fixture
def base(app):
    """The app served by uvicorn on 127.0.0.1 in a thread: its base URL."""
    from companion.serve.run import serving

    with serving(app) as url:
        yield url
