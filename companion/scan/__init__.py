"""Reading a finished paper sheet back from a photo: find the page, rectify it, read the snake-length track.

It reads images (numpy, Pillow, zxing-cpp: the `scan` extra) and is imported only by the photo commands; the rules
never import it.
"""
