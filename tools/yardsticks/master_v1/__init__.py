"""The master as it was first measured (``scopa/ai`` at that time), frozen: a yardstick
that later work on the opponents cannot move. Only the arena uses it."""
