"""QR module matrices, made in one place for sheets and state cards (qrcode is imported only when one is made)."""
from __future__ import annotations

ALPHANUMERIC = set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")


def qr_matrix(text: str) -> list[list[bool]]:
    """The modules of `text` at error correction M, in alphanumeric mode when the text allows it (denser)."""
    import qrcode
    from qrcode.util import MODE_8BIT_BYTE, MODE_ALPHA_NUM, QRData

    mode = MODE_ALPHA_NUM if set(text) <= ALPHANUMERIC else MODE_8BIT_BYTE
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(QRData(text, mode=mode))
    code.make(fit=True)
    return code.get_matrix()
