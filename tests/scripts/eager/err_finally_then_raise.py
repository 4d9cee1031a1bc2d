# stdout from finally blocks and a user __exit__ appears before the uncaught RuntimeError.

class Guard:
    def __enter__(self):
        print("guard enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        print("guard exit, exception pending:", exc_type is not None)
        return False

def work():
    try:
        with Guard():
            print("working")
            raise RuntimeError("work failed")
    finally:
        print("cleanup in finally")

work()
