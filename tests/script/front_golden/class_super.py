class Child(Base):
    scale = 2

    def __init__(self, v):
        super().__init__(v)
        self.v = v * Child.scale

    @property
    def double(self):
        return self.v * 2
