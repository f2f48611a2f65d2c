s = r'\n' + b'\xff'.hex() + '''tri
ple''' + "\N{DASH}" + u'\u00e9' + rb'\d'
print(s)
