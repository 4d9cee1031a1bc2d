# User-defined exception hierarchies, attributes, raising and catching by base class.

class AppError(Exception):
    pass

class ConfigError(AppError):
    def __init__(self, key, reason):
        super().__init__("config key " + repr(key) + ": " + reason)
        self.key = key
        self.reason = reason

class ShapeError(AppError):
    def __init__(self, expected, got):
        self.expected = expected
        self.got = got
        super().__init__("expected " + str(expected) + ", got " + str(got))

def load(cfg):
    if "lr" not in cfg:
        raise ConfigError("lr", "missing")
    if cfg["lr"] <= 0:
        raise ConfigError("lr", "must be positive")
    return cfg["lr"]

for cfg in [{}, {"lr": -1}, {"lr": 0.5}]:
    try:
        print("lr =", load(cfg))
    except ConfigError as e:
        print("ConfigError:", e, "| key:", e.key, "| reason:", e.reason)

def check_shape(shape):
    if shape != (2, 3):
        raise ShapeError((2, 3), shape)
    return "ok"

for shp in [(2, 3), (3, 2)]:
    try:
        print(check_shape(shp))
    except AppError as e:
        print("AppError:", e, isinstance(e, ShapeError), isinstance(e, Exception), e.got)

class RetryableError(RuntimeError):
    pass

attempts = []

def flaky(n):
    attempts.append(n)
    if n < 3:
        raise RetryableError("attempt " + str(n) + " failed")
    return "succeeded on attempt " + str(n)

n = 0
result = None
while result is None:
    n += 1
    try:
        result = flaky(n)
    except RetryableError as e:
        print("retry:", e)
print(result, attempts)

class ValidationError(ValueError):
    def __init__(self, errors):
        super().__init__(str(len(errors)) + " validation errors")
        self.errors = errors

def validate(record):
    errs = []
    if not record.get("name"):
        errs.append("name required")
    if record.get("age", 0) < 0:
        errs.append("age negative")
    if errs:
        raise ValidationError(errs)
    return True

for rec in [{"name": "a", "age": 3}, {"age": -1}, {"name": ""}]:
    try:
        print(validate(rec))
    except ValueError as e:
        print(e, e.errors)

try:
    raise AppError()
except AppError as e:
    print(repr(e), "[" + str(e) + "]", e.args)
try:
    raise AppError("x", 1)
except Exception as e:
    print(repr(e), e.args)
