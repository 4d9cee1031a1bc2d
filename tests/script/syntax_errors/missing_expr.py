x = 
