"""The continuity guard: what a chapter contradicts in the book as of that chapter.

Four mechanical rules, each with a reason an author can read: a character recorded dead or
gone who speaks or acts later (`dead`), a name one character away from a cast name (`drift`),
a realm below the one already reached or a jump of several realms (`realms`), and a
foreshadowing entry paid twice or paid before it was planted (`payoffs`). Nothing recorded
after the chapter counts. Qt-free; the app runs it off the GUI thread.
"""
