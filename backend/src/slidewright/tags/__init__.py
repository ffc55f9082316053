"""Tags: labels users put on images. Own tags plus public ones (made public by Admins).

The anchor domain: the smallest complete example of the file roles every domain follows.
"""
