"""Making region levels: regions grown around planted pieces until only those pieces solve them,
and levels of a chosen difficulty."""
