"""What the widgets and the class server show, as text and HTML, with no widget library:
the pure logic behind each control (teaching layer)."""
