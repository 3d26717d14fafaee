"""A game or a digital sheet as a short checked token, base45, QR codes; imports the core and the rules, never the
command line, the web pages or the printables."""
