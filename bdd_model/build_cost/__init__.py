"""The price of a build before it starts: the compile log, this machine's speed, and the time left
while it runs."""
