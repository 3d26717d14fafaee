"""What the command line and the web pages share: each game's wording of states and actions, and the session that
applies one action; imports the core, the rules, the store and tokens."""
