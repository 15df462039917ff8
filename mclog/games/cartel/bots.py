"""Cartel's bots beyond the shared random one."""
from mclog.simulate import Bot
class ProfitBot(Bot):
    name = "profit"
    def choose(self, state, moves):
        return moves[0]
