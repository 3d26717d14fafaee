"""The balance lab: many seeded games per variation, tallied; imports the core and the rules."""
