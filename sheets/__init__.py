"""Printables: every sheet and card is drawn once on a millimetre canvas, then written as PDF or SVG."""
