# a bytes literal after a str literal is a SyntaxError too
print(1)
y = 'a' b'b'
