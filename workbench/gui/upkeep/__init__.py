"""The 待审 tab of the tracker browser: upkeep proposals to accept, edit or reject."""
