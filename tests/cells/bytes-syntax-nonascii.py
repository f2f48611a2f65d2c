# bytes literals hold ASCII only
x = b'café'
