"""Code shared by the families whose input is a confusion matrix (``oc`` and ``nominal``)."""
