"""`python -m companion` runs the CLI, for machines where the console script is not on PATH."""
from companion.cli.main import main

main()
