"""QR matrices: alphanumeric mode where the text allows it, error correction M, the mask the standard picks."""
from companion.tokens.qr import best_mask, qr_matrix


def test_alphanumeric_text_gives_the_smaller_code():
    """The sheet names use the QR alphanumeric charset, so they fit a smaller (easier to scan) version."""
    text = "SSSNAKE:COMPANION-1:AM-FLUSS:K7Q2:160"
    assert len(qr_matrix(text)) == 25  # version 2 (25 x 25) at level M; byte mode would need version 3
    assert len(qr_matrix(text.lower())) == 29


def test_the_best_mask_is_the_one_the_encoder_picks_itself():
    text = "SSSNAKE:COMPANION-1:FJORD:K7Q2:1"
    mask = best_mask(text)
    assert 0 <= mask <= 7
    assert qr_matrix(text, mask) == qr_matrix(text)
    assert qr_matrix(text, (mask + 1) % 8) != qr_matrix(text)
