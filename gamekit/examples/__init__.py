"""Small example games that show how a game is written on gamekit's protocol (not one of the five)."""
