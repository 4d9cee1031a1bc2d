# The parts of functools that CPython writes in Python, in the script
# language: update_wrapper / wraps, total_ordering and cached_property.
# Runs in the functools module's namespace when functools is first imported
# (libs/script/src/module_functools.cc), after the native part (partial,
# reduce, cmp_to_key, lru_cache, cache) is in that namespace.

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__')
WRAPPER_UPDATES = ('__dict__',)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    # Attributes `wrapped` lacks are left alone on `wrapper`.
    for name in assigned:
        try:
            value = getattr(wrapped, name)
        except AttributeError:
            continue
        setattr(wrapper, name, value)
    for name in updated:
        getattr(wrapper, name).update(getattr(wrapped, name, {}))
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    # A partial, as in CPython, so the decorator it returns prints as one.
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


# total_ordering: from the one comparison a class defines (the greatest
# name among those it defines when several), the other three follow. Each
# derived result is one of these combinations of r = root(self, other):
def _derived_comparison(root, rule):
    def compare(self, other):
        r = getattr(type(self), root)(self, other)
        if r is NotImplemented:
            return r
        if rule == 'not':
            return not r
        if rule == 'or_eq':
            return r or self == other
        if rule == 'not_or_eq':
            return not r or self == other
        if rule == 'and_ne':
            return r and self != other
        return not r and self != other  # 'not_and_ne'
    return compare


_ORDERINGS = {
    '__lt__': {'__gt__': 'not_and_ne', '__le__': 'or_eq', '__ge__': 'not'},
    '__le__': {'__ge__': 'not_or_eq', '__lt__': 'and_ne', '__gt__': 'not'},
    '__gt__': {'__lt__': 'not_and_ne', '__ge__': 'or_eq', '__le__': 'not'},
    '__ge__': {'__le__': 'not_or_eq', '__gt__': 'and_ne', '__lt__': 'not'},
}


def total_ordering(cls):
    defined = [name for name in _ORDERINGS
               if getattr(cls, name, None) is not getattr(object, name, None)]
    if not defined:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = max(defined)
    for name, rule in _ORDERINGS[root].items():
        if name not in defined:
            method = _derived_comparison(root, rule)
            method.__name__ = name
            setattr(cls, name, method)
    return cls


_MISSING = object()


class cached_property:
    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError('Cannot assign the same cached_property to two different names '
                            f'({self.attrname!r} and {name!r}).')

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError('Cannot use cached_property instance without calling __set_name__ on it.')
        # The value lands in the instance's __dict__, which then shadows
        # this (non-data) descriptor: later reads never come here.
        cache = instance.__dict__
        value = cache.get(self.attrname, _MISSING)
        if value is _MISSING:
            value = self.func(instance)
            cache[self.attrname] = value
        return value
