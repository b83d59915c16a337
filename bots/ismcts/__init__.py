"""OpenSpiel's ISMCTS as an Arena bot: the worlds it searches (`worlds`) and the search
within a time budget (`search`)."""
