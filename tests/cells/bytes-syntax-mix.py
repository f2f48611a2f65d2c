# mixing bytes and str literals is a SyntaxError
x = 1
print(x)
y = b'a' 'b'
