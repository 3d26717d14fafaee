"""Edition data (TOML) for both games; a package only so the install can place it under companion/."""
