# Empty script: measures interpreter start-up (subtracted from CPython times).
