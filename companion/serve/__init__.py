"""`companion serve`: the saved games on a local web page (the table's screen, each player's phone). Starlette and
uvicorn are an optional extra (`pip install 'sssnake-snits-companion[serve]'`), imported only here, never by a
table command."""
