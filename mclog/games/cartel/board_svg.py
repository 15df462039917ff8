def board_svg(state):
    return "<p>board</p>"
