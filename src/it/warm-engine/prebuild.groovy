new File(basedir, 'markdown.sha').text = new File(basedir, 'recipes/tumble-and-hop.md').bytes.digest('SHA-256')
return true
