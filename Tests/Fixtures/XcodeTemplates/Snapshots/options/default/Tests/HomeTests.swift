// tests of Home (file HomeTests.swift)
