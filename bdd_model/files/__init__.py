"""Files read and written: whole or not at all (atomic), checked before they are read, and their text
quoted safely in messages."""
