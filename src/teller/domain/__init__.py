"""Value types shared by every stage: money, intents, bank objects, the turn contract."""
