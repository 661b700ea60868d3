"""Pieces of the Streamlit page, one job each: the annotated photo, tile pictures, the context form, the report."""
