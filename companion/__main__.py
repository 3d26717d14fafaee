"""`python -m companion` runs the CLI, for machines where the console script is not on PATH."""
from companion.cli import main

main()
