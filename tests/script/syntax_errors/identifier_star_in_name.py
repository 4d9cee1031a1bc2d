x = a★b
