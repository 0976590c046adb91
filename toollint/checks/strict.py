"""Placeholder: filled by its rules' author."""
