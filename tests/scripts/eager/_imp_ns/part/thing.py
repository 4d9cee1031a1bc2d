THING = "namespace portion"
