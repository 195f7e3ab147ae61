"""The game screen's layers: each part of the screen with its own input, upkeep and drawing.

``stack`` holds them in order (input from the top down, drawing from the bottom up); the other
modules are one layer each, or a layer with the small controller that opens it:

- ``commands``: the top bar's buttons and the keys of the screen (the bottom of the stack)
- ``chrome``: the panels around the board (top bar, tracks, table, rondel, decision area, log)
- ``board``: the map (pointing, clicks, zoom, pan, what is lit) and ``drag``: a unit being dragged
- ``computer_turn``: the computer actions shown step by step
- ``overlays``: scores, legend, what happened; ``tooltips``: the panels' and the regions' tips
- ``hints``: the Expert's advice; ``lesson``: the guided game's coach
- ``decisions``: the decision panel; ``confirm_turn``: the Confirm turn panel in its place
- ``windows``: game menu, settings, save and rules windows, questions; ``aux_panel``: small choice panels
- ``toast``: short messages; ``hot_seat``: hidden cash and the hand-over screen
"""
