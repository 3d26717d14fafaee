"""Each row of track cells is placed as the photo has it: a curl bends a row gently, a pencil mark that draws one
cell's search off is an outlier (companion/scan/align.py)."""
import numpy as np

from companion.scan.align import smooth


def test_a_gentle_curl_is_followed():
    cols = np.arange(20.0)
    curl = 0.004 * (cols - 9.5) ** 2
    assert np.allclose(smooth(cols, curl), curl, atol=0.01)


def test_neighbours_drawn_off_together_do_not_bend_the_row():
    """A benchmark photo's first row (seed 1, photo 284): the circles found along a gentle bow, but four searches
    drawn 3 mm off by the marks beside them, two of them neighbours at the row's end. The row's end stays on the
    bow, where the old fit bent it 4 mm away and read a filled circle as a single one."""
    found = np.array([0.12, 0.38, 0.75, 1.0, 1.38, -3.0, 1.62, -1.38, 1.62, 1.75, 1.25, 1.75, 1.0, -0.12, 1.38,
                      1.12, 0.62, -3.12, -3.12, 0.5])
    fit = smooth(np.arange(20.0), found)
    assert np.all(np.abs(fit[[0, 4, 9, 16, 19]] - found[[0, 4, 9, 16, 19]]) < 0.6)
    assert fit[17] > -0.5 and fit[18] > -0.5
