// HomeView.swift in Shop of Home
