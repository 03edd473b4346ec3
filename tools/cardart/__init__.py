"""Vector drawing helpers shared by the asset generators in ``tools/``."""
