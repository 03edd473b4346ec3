"""Playing over the network: a server that holds the match, and clients that play it.

    scopa serve [--host H] [--port P] [--store FILE|redis://...]   (scopa.net.cli)
    scopa bot ws://H:P/CODE [--level L]                             (scopa.net.bot)

``protocol`` the messages and limits, ``codec`` engine values as JSON, ``codes`` join codes
and tokens, ``table`` one table's match and seats, ``server`` the WebSocket server,
``store`` / ``sqlite_store`` / ``redis_store`` where tables are kept, ``client`` the client
library (the headless player's and the game's), ``bot`` the headless player.
"""
