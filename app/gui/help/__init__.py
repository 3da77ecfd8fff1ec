"""The help: pages, pictures, the glossary and the shortcuts; it reads what the window hands it."""
