"""Snits' Revenge rules: pure Python, fed by the edition data in templates/snits."""
