# KeyError for a missing dict key inside a nested helper.
config = {"lr": 0.1, "epochs": 3}

def get(name):
    return config[name]

def describe():
    return "lr=%s epochs=%s batch=%s" % (get("lr"), get("epochs"), get("batch_size"))

print(get("lr"), get("epochs"))
print(describe())
