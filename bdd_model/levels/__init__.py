"""Region levels (LinkedIn's Queens, Star Battle): K pieces in every row, column and region, none on
touching squares; read from files, counted and answered square by square."""
