x = 123abc
