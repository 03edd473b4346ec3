"""The pygame game: a loop, a stack of scenes, sprites, animations and input."""
