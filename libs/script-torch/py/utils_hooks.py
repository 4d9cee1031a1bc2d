# torch.utils.hooks: RemovableHandle, the handle every hook registration
# returns (module backward hooks, optimizer step hooks).
#
# Runs in the torch.utils.hooks module's namespace (torch_module.cc).


class RemovableHandle:
    # torch.utils.hooks.RemovableHandle: removes one hook from the dicts it
    # was registered in.
    next_id = 0

    def __init__(self, hooks_dict, *, extra_dict=None):
        self.hooks_dict_ref = hooks_dict
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1
        self.extra_dict_ref = ()
        if isinstance(extra_dict, dict):
            self.extra_dict_ref = (extra_dict,)
        elif isinstance(extra_dict, list):
            self.extra_dict_ref = tuple(extra_dict)

    def remove(self):
        if self.id in self.hooks_dict_ref:
            del self.hooks_dict_ref[self.id]
        for d in self.extra_dict_ref:
            if self.id in d:
                del d[self.id]

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()

