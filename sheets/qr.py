"""QR module matrices, made in one place for sheets and state cards (qrcode is imported only when one is made)."""
from __future__ import annotations

ALPHANUMERIC = set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
CAPACITY = 3391  # alphanumeric characters the largest QR code (version 40) holds at error correction M


class TooLong(ValueError):
    """Text no QR code holds at level M: refused in one line instead of qrcode's 'Invalid version (was 41 ...)'."""


def _code(text: str, mask: int | None):
    import qrcode
    from qrcode.exceptions import DataOverflowError
    from qrcode.util import MODE_8BIT_BYTE, MODE_ALPHA_NUM, QRData

    mode = MODE_ALPHA_NUM if set(text) <= ALPHANUMERIC else MODE_8BIT_BYTE
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0, mask_pattern=mask)
    code.add_data(QRData(text, mode=mode))
    try:
        code.best_fit()
    except (DataOverflowError, ValueError):  # qrcode says ValueError when the fit runs past version 40
        raise TooLong(f"{len(text)} characters do not fit a QR code (at most {CAPACITY} at error correction M)") \
            from None
    return code


def qr_matrix(text: str, mask: int | None = None) -> list[list[bool]]:
    """The modules of `text` at error correction M, alphanumeric mode when the text allows it (denser).

    `mask` None picks the mask by the standard's penalty rule, the slow part (about 8 ms); a pad picks it once
    for its first sheet and passes it for every sheet, whose codes differ only in the page number.
    """
    code = _code(text, mask)
    code.make(fit=False)
    return code.get_matrix()


def best_mask(text: str) -> int:
    """The mask (0-7) the standard's penalty rule chooses for `text`."""
    return _code(text, None).best_mask_pattern()
