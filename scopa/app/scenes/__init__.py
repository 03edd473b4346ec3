"""Every screen other than the card table: title, new game, settings, rules, scoring,
statistics, pause and the confirm dialog."""
