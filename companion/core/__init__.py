"""The contract every game shares (engine, records, field checks, action codec, edition data, folders, the registry);
imports nothing of the companion outside core."""
