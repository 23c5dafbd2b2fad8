"""One router per resource; each is thin: parse the wire model, call the service, render."""
